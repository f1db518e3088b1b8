// @ts-check
// The game page's help in English, loaded on demand (web/play/help.js): the
// keyboard shortcuts of the Keys panel and the first visit's welcome. The
// reference shape of every language's help.js.

const help = () => ({
  keys: [
    ['D', 'Roll the dice'],
    ['Space / Enter', 'Next step: roll, confirm, rematch, or act on the square under the cursor'],
    ['← ↑ → ↓', 'Move the square cursor'],
    ['Enter', 'Select the square under the cursor (same as clicking it)'],
    ['U', 'Undo the last action of this turn'],
    ['T', 'Take back the last whole turn'],
    ['N', 'New game'],
    ['F', 'Flip the board'],
    ['Esc', 'Cancel the selection'],
    ['← / →', 'In a replay: one turn back or forward'],
    ['Home / End', 'In a replay: the start or the end'],
    ['Space', 'In a replay: play or pause'],
    ['?', 'This list'],
  ],
  // The first visit's welcome: how to start.
  welcome: {
    title: 'Welcome to Diablo',
    intro: 'A game of dice and stacks for two players, by Mark Steere. How would you like to start?',
    computer: 'Play the computer',
    computerNote: 'You play Black and move first.',
    friend: 'Play a friend',
    here: 'At this screen',
    hereNote: 'Take turns on this device.',
    online: 'Play someone online',
    onlineNote: 'Take an open challenge in the lobby, or post one: live, or a turn a day.',
    remote: 'Live or by link',
    remoteNote: 'Each on your own device: send a link, then play live or a turn a day.',
    rules: 'Learn the rules',
    rulesNote: 'Ten short lessons on small boards: play each rule once.',
    read: 'Read the rules',
    readNote: 'The illustrated rules, with boards to try.',
  },
});

export default help;

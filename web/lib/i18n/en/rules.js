// @ts-check
// The rules of Diablo in our own words, both editions, in English: the
// game's Rules dialog (HTML, loaded when first opened). The project's
// specification (RULES.md) is the authority for the engine; this is the
// player's summary. Diablo was designed by Mark Steere. The reference shape
// of every language's rules.js.

/**
 * The illustrated rules page (web/rules/rules.html, written in English) in
 * another language: its title, description and the HTML of its header,
 * main part and footer, with the same boards (`lang` set to the language).
 * @typedef {{ title: string, description: string, header: string, main: string, footer: string }} RulesPage
 */

const rules = () => ({
  // The Rules dialog's text, its × first (at the top; a dialog form closes
  // the dialog without script) with its look.
  dialog: `
<form method="dialog" class="rules-x"><button aria-label="Close" title="Close">×</button></form>
<style>#rules-panel .rules-x{position:absolute;top:.35rem;right:.35rem;margin:0}#rules-panel .rules-x button{border:0;background:none;color:inherit;font-size:1.6rem;line-height:1;min-width:2.75rem;min-height:2.75rem;padding:0}#rules-title{margin-right:2.5rem}</style>
<p><strong>Diablo, a game by Mark Steere</strong> (2022), for two players: Black and Green.
This is a summary in our own words; Mark Steere's rule sheet is the original.</p>
<p><a href="web/rules.html?lang=en" target="_blank" rel="noopener">Illustrated rules and tutorial</a> (with example boards and a board to try).</p>

<h3>Board, stacks and dice</h3>
<ul>
  <li>The board is N&nbsp;×&nbsp;N squares (N even). At the start every square holds one checker,
      the colours alternating like a chessboard, with Black on a1 (bottom left). Black moves first.</li>
  <li>Checkers of one colour on one square form a <em>stack</em>; its <em>height</em> is the number
      of checkers in it (shown on the stack). Stacks never mix and never split.</li>
  <li>Each turn starts with a roll of two dice. Each die is numbered from 1 to N/2
      (on 8&nbsp;×&nbsp;8: 1 to 4).</li>
</ul>

<h3>Actions</h3>
<ul>
  <li><strong>Move</strong>: take a whole stack straight along its row or column exactly as many
      squares as an unused die shows. Whatever lies in between does not matter. Each die drives one move.
    <ul>
      <li><em>Merge</em> (+): onto one of your own stacks; the heights add up.</li>
      <li><em>Capture</em> (×): onto an enemy stack that is not taller than yours; it leaves the game.</li>
      <li><em>Step</em> (•): onto an empty square.</li>
    </ul>
    A move onto a taller enemy stack is never allowed.</li>
  <li><strong>Removal</strong>: take one of your own checkers off one of your stacks. It uses no die.</li>
</ul>

<h3>Standard edition (the current rules)</h3>
<ol>
  <li>First action: if you can move at all, you must. If you cannot, remove two of your checkers
      (from one stack or two) and your turn ends.</li>
  <li>Second action, with the other die: after a step you must merge or capture if you can;
      after a merge or a capture you must make any move if you can. If you cannot, remove one checker.
      So a turn holds at most one step.</li>
</ol>

<h3>Sequenced edition (the earlier rules)</h3>
<ul>
  <li>An <em>individual move</em> is a merge or a capture with one die.</li>
  <li>A <em>sequenced move</em> is a step followed, with the other die, by the same stack merging or
      capturing, or by another of your stacks merging onto it. A step is only allowed as the first half
      of a sequenced move, and a sequenced move ends the turn.</li>
  <li>First action: you must make an individual or a sequenced move if there is one; otherwise remove a
      checker from your tallest stack, twice, and the turn ends.</li>
  <li>After an individual move you must make another individual move if you can; otherwise remove one
      checker from your tallest stack.</li>
</ul>

<h3>Both editions</h3>
<ul>
  <li>Black's very first turn is a single move with the die of Black's choice (this balances the
      advantage of moving first).</li>
  <li>The game ends as soon as a player has no checkers left, whether captured or removed by their own
      forced removals. The other player wins. There are no draws.</li>
</ul>

<h3>On this page</h3>
<p>Stacks that can act are ringed in gold. Select one to see its destinations: a dot for a step,
a ring with + for a merge, corner marks with × for a capture. When a removal is due, stacks that may
lose a checker show a red −. The last turn is tinted yellow. Finish a turn with Confirm; until then
Undo takes back an action.</p>
`,
  /** The illustrated rules page's text: none, the page is written in English. @type {RulesPage | null} */
  page: null,
});

export default rules;

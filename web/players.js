// Who plays each colour. Today both colours are people at one screen; a
// computer player (a later issue) plugs in here as a controller without
// touching the rest of the page.
//
// A controller is an object with `async takeTurn(turn)`, called when it is
// its colour's turn and the dice are not yet rolled. `turn` offers the same
// steps a person has: roll(), options() -> { sources, removals },
// play(from, to), remove(square), confirm(). The page redraws after each
// step, so a controller may pause between them to let people follow.

/** Controllers by player kind; `human` has none (the page waits for input). */
export const CONTROLLERS = {
  human: null,
};

/** Player kinds for each colour from the new-game dialog's choice. */
export function playersFor(choice) {
  switch (choice) {
    case 'computer':
      // Not available yet: the option is disabled in the dialog.
      return { black: 'human', green: 'computer' };
    default:
      return { black: 'human', green: 'human' };
  }
}

/** The controller for a colour, or null when a person plays it. */
export function controllerFor(players, color) {
  return CONTROLLERS[players?.[color]] ?? null;
}

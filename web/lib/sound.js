// @ts-check
// The game's sounds, made on the spot with the Web Audio API (no sound
// files): dice, a move, a capture, a removal, the end of a game. Each one
// played leaves a performance mark `diablo:sound:<name>`, so tests can tell
// that it played without hearing it.

/** @typedef {'dice' | 'move' | 'capture' | 'removal' | 'over'} SoundName */

/** @type {AudioContext | null} */
let audio = null;

/**
 * One short note: a tone gliding from `from` to `to` Hz, or a burst of
 * noise when `from` is 0.
 * @param {AudioContext} a @param {number} at seconds from now
 * @param {{ from: number, to: number, length: number, volume: number, type?: OscillatorType }} note
 */
function note(a, at, { from, to, length, volume, type = 'triangle' }) {
  const start = a.currentTime + at;
  const gain = a.createGain();
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(volume, start + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + length);
  gain.connect(a.destination);
  if (from === 0) {
    const frames = Math.max(1, Math.floor(a.sampleRate * length));
    const buffer = a.createBuffer(1, frames, a.sampleRate);
    const data = buffer.getChannelData(0);
    for (let i = 0; i < frames; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / frames);
    const source = a.createBufferSource();
    source.buffer = buffer;
    source.connect(gain);
    source.start(start);
    return;
  }
  const osc = a.createOscillator();
  osc.type = type;
  osc.frequency.setValueAtTime(from, start);
  osc.frequency.exponentialRampToValueAtTime(to, start + length);
  osc.connect(gain);
  osc.start(start);
  osc.stop(start + length + 0.02);
}

/** @type {Record<SoundName, [number, { from: number, to: number, length: number, volume: number, type?: OscillatorType }][]>} */
const SOUNDS = {
  dice: [
    [0, { from: 0, to: 0, length: 0.05, volume: 0.25 }],
    [0.07, { from: 0, to: 0, length: 0.05, volume: 0.2 }],
    [0.15, { from: 0, to: 0, length: 0.04, volume: 0.15 }],
  ],
  move: [[0, { from: 520, to: 380, length: 0.09, volume: 0.18 }]],
  capture: [
    [0, { from: 300, to: 140, length: 0.16, volume: 0.3, type: 'square' }],
    [0.02, { from: 0, to: 0, length: 0.08, volume: 0.15 }],
  ],
  removal: [[0, { from: 700, to: 260, length: 0.22, volume: 0.16, type: 'sine' }]],
  over: [
    [0, { from: 392, to: 392, length: 0.18, volume: 0.2 }],
    [0.16, { from: 523, to: 523, length: 0.18, volume: 0.2 }],
    [0.32, { from: 659, to: 659, length: 0.35, volume: 0.22 }],
  ],
};

/**
 * Plays a sound unless `muted`. Browsers start audio only after the person
 * has touched the page; before that it stays silent.
 * @param {SoundName} name @param {boolean} muted
 */
export function playSound(name, muted) {
  if (muted) return;
  const Ctor = globalThis.AudioContext;
  if (!Ctor) return;
  try {
    audio ??= new Ctor();
    if (audio.state === 'suspended') audio.resume().catch(() => {});
    for (const [at, n] of SOUNDS[name]) note(audio, at, n);
    performance.mark(`diablo:sound:${name}`);
  } catch {
    // No sound is better than a broken game.
  }
}

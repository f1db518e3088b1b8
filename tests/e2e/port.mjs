// A free TCP port on loopback: what the config and the live helpers share
// (a module of its own, so the config imports nothing of the tests').
import { createServer } from 'node:net';

/** A port on 127.0.0.1 that the system has free now. @returns {Promise<number>} */
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (s.address());
      s.close(() => resolve(port));
    });
  });
}

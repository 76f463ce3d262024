// Runs closedLoopLoad on a thread of its own (see closedLoopLoadInWorker). Plain JavaScript that
// registers tsx first: a worker does not inherit the bench's TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { closedLoopLoad } = await import('./closed-loop-load.ts');
parentPort?.postMessage(await closedLoopLoad(workerData));

import { EventEmitter } from 'node:events';
import type { EventBus, EventSignal, EventSignalListener } from './event-bus.js';

/** SQLite means one instance, so an emitter is the whole transport. */
export function createInProcessEventBus(): EventBus {
  const emitter = new EventEmitter();
  // One listener per open browser tab.
  emitter.setMaxListeners(0);
  return {
    ready: Promise.resolve(),
    announce: (signal: EventSignal) => {
      emitter.emit('signal', signal);
      return Promise.resolve();
    },
    subscribe: (listener: EventSignalListener) => {
      emitter.on('signal', listener);
      return () => emitter.off('signal', listener);
    },
    // One process writes the database: its own writes are seen by the database handle.
    subscribeAccountChanges: () => () => undefined,
    listening: () => true,
    catchUp: () => Promise.resolve(true),
    close: () => {
      emitter.removeAllListeners();
      return Promise.resolve();
    },
  };
}

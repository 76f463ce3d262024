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
    close: () => {
      emitter.removeAllListeners();
      return Promise.resolve();
    },
  };
}

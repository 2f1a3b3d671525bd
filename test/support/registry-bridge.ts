import { buildBridge, type Door } from '../../preload/contract/bridge';
import { channelNames, type Bridge } from '../../preload/contract';
import type { RegistryApp } from './registry-app';
import { testSender } from './registry-app';

/**
 * The renderer's `api`, built the way the page builds it (`buildBridge` over a door), whose door is the real handler
 * registry and event hub of a `startRegistryApp()` composition root. State classes under test get this injected, so
 * their calls run through the real main process code against the simulator on 127.0.0.1.
 */
export function registryBridge(registryApp: RegistryApp): Bridge {
  const { registry, app } = registryApp;
  const door: Door = {
    invoke: (channel, input, callId) => registry.call(channel, input, testSender, { callId }),
    cancel: (callId) => void registry.cancel(callId),
    subscribe(event, handler) {
      return app.services.events.listen((pushed) => {
        if (pushed.name === event) handler(pushed.payload);
      });
    },
  };
  return buildBridge({ channels: channelNames, cancelledMessage: () => 'Cancelled.' }, door);
}

// Platform routes that belong to no domain: the health check used by the local stack and monitors.
import { defineFunction, json } from '../lib/http';

export const { handler, actions } = defineFunction('platform', {
  async health() {
    return json({ status: 'ok' });
  },
});

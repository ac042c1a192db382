// Platform routes that belong to no domain: the health check used by the local stack and monitors.
import { json } from '../lib/http';
import { defineFunction } from '../api';

export const { handler, actions } = defineFunction('platform', {
  async health() {
    return json({ status: 'ok' });
  },
});

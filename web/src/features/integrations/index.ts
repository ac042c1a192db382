// What the app uses of integrations: its screen.
export { IntegrationsRoute } from './routes/integrations-route';

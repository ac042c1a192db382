// What other features and the app use of the yard: its screen and the live yard layout.
export { YardRoute } from './routes/yard-route';
export { YardLayout } from './components/yard-layout';

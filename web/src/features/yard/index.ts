// What other features and the app use of the yard: its screens (the live yard, the yard's move tasks) and the layout.
export { YardRoute } from './routes/yard-route';
export { YardTasksRoute } from './routes/yard-tasks-route';
export { YardLayout } from './components/yard-layout';

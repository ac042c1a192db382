// What the app uses of the warehouse feature: its screen.
export { WmsRoute } from './routes/wms-route';

// What other domains may use of notifications (docs/architecture.md §1): the feed item a change writes
// in its own transaction, and the feed the dashboard and the bell read.
export { listNotifications, notificationPut, type Notification } from './notification.store';
export { eraseDriverFromNotifications } from './erase-person';

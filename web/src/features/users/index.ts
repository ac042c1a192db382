// The user administration screen.
import { registerCatalogue } from '../../lib/i18n';
import { usersText } from './i18n';

registerCatalogue(usersText);

export { UsersRoute } from './routes/users-route';

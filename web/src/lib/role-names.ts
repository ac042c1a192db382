// A role as people read it ('Warehouse Manager' / 'गोदाम प्रबंधक'), never its id ('warehouse_manager'):
// the one place the users list, approval, invitations, registration and the shell's profile name a role.
import { useTranslation } from './i18n/use-translation';

/** The reader's name of a role; a role the catalogue does not know yet reads as words, not as an id. */
export function useRoleName() {
  const { t } = useTranslation();
  return (role: string) =>
    t(`roles.${role}`, { defaultValue: role.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase()) });
}

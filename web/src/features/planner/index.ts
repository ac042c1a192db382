// What the app uses of the door plan (issue #58.2): its screen, /door-plan.
import { registerCatalogue } from '../../lib/i18n';
import { loadLater } from '../../lib/load-later';
import { plannerText } from './i18n';

registerCatalogue(plannerText);

export const PlannerRoute = loadLater(async () => (await import('./routes/planner-route')).PlannerRoute);

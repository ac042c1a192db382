// The door planner's promise over generated days (issue #58): whatever the doors, trucks and live
// state, no plan of any strategy puts two trucks at one door at once, a truck at a door that cannot
// take its type or vehicle, a truck outside its door's hours or before it is ready; and a day with a
// truck no door takes is refused, never planned.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { doorTakes, planDay, planFaults } from '../../functions/planner';
import { PLAN_STRATEGIES, planInputSchema } from '../../shared/contracts/planner';
import { dayArb } from '../support/planner-days';

describe('planDay over generated days', () => {
  it.each(PLAN_STRATEGIES)(
    '%s never overlaps two trucks at a door nor uses a door that cannot take the truck',
    async (strategy) => {
      await fc.assert(
        fc.asyncProperty(dayArb, async (input) => {
          // Act
          const result = await planDay(input, strategy);
          // Assess
          const parsed = planInputSchema.parse(input);
          const untakeable = parsed.trucks.filter(
            (t) => t.state.kind !== 'atDoor' && !parsed.doors.some((d) => doorTakes(d, t)),
          );
          if (untakeable.length) {
            expect(result.ok).toBe(false);
            if (!result.ok) expect(result.problem.kind).toBe('no-door-takes');
            return;
          }
          expect(result.ok).toBe(true);
          if (result.ok) expect(planFaults(parsed, result.plan)).toEqual([]);
        }),
        { numRuns: strategy === 'solver' ? 60 : 300, seed: 58 },
      );
    },
    60_000,
  );
});

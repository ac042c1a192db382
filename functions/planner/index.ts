// The door planner (issue #58), as other domains and the worker that will run it use it: a day's plan
// by a strategy, and the check every plan passes. Pure: the caller reads the day and applies the plan.
export { planDay } from './plan';
export { planFaults, doorTakes } from './rules';

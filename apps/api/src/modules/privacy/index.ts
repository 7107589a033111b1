/**
 * The privacy module: members' personal-data rights (issue 22, item 5; PDPA B.E. 2562; decision
 * 044): the copy of everything the portal keeps about a member, and closing an account, with the
 * staff's review that erases the personal data and keeps what the law requires, and the retention
 * run that lets go of what a closed account left once its period has passed.
 *
 * What the surfaces may use of it: everything else is internal (eslint: modules import each other
 * only through index.ts).
 */
export { closureRoutes } from './closure/routes';
export { staffClosureRoutes } from './closure/staff-routes';
export { exportRoutes } from './export/routes';
export { applyRetention } from './retention/service';

/**
 * The money module: the member's reports, statements, wallet and WHT certificates, and the engine's
 * staff desk (closings, payouts, the plan and its simulator, adjustments, the audit).
 *
 * What other modules, the surfaces, the jobs and the server may use of it: everything else is
 * internal (eslint: modules import each other only through index.ts).
 */
export { staffAdjustmentRoutes } from './adjustments/routes';
export { staffClosingRoutes } from './closings/routes';
export { staffPayoutRoutes } from './payouts/routes';
export { staffPlanRoutes } from './plan/routes';
export { reportRoutes } from './reports/routes';
export { staffReportRoutes } from './reports/staff-routes';
export { statementRoutes } from './statements/routes';
export { walletRoutes } from './wallet/routes';

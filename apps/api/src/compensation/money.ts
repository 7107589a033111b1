// Moved to the plan library (@portal/plan/money); kept only until the last two importers move.
export * from '@portal/plan/money';

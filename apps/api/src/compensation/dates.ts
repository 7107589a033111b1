// Moved to the plan library (@portal/plan/dates); kept only until the last importer moves.
export * from '@portal/plan/dates';

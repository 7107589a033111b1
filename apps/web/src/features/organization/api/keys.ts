/**
 * Every network query key starts with 'network', and the dashboard's team widgets follow the same
 * rule: a placement invalidates the whole prefix (tree, summary, overview, slots, waiting members)
 * without the features importing each other.
 */
export const NETWORK_KEY = ['network'] as const;

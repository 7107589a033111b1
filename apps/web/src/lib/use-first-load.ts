import { useIsFetching } from '@tanstack/react-query';

/**
 * True while a query is loading its first data (a refetch of data already shown does not count).
 * The page's main region says so with `aria-busy`, so assistive technology waits for the content,
 * and the browser tests wait for the state rather than for time.
 */
export function useFirstLoad(): boolean {
  return useIsFetching({ predicate: (query) => query.state.status === 'pending' }) > 0;
}

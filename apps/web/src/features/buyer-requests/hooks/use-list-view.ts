import type { RequestListView } from '@olden/contracts/constants';
import { useSearchParams } from 'react-router';

/** The lists' view in the address (?view=history for the closed requests), so Back and a shared link keep it. */
export function useListView(): [RequestListView, (view: RequestListView) => void] {
  const [params, setParams] = useSearchParams();
  const view: RequestListView = params.get('view') === 'history' ? 'closed' : 'open';
  const setView = (next: RequestListView) => setParams(next === 'closed' ? { view: 'history' } : {}, { replace: true });
  return [view, setView];
}

import { errorDetail } from '../../lib/api-client';
import { toast } from '../../lib/toast';

/**
 * Sends an account form whose success leaves the page, so the busy flag is only cleared on
 * failure, after the reason is toasted.
 */
export async function submitOrStay(setBusy: (busy: boolean) => void, failed: string, request: () => Promise<void>): Promise<void> {
  setBusy(true);
  try {
    await request();
  } catch (err) {
    toast.error(errorDetail(err, failed));
    setBusy(false);
  }
}

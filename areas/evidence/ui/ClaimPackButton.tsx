import { useState } from 'react';
import { useT } from '../../../renderer/src/i18n/useT';
import { downloadBlob } from '../../../renderer/src/ui/download';
import { errorParts } from '../../../renderer/src/ui/ErrorNote';
import { showToast } from '../../../renderer/src/ui/Toasts';

interface Pack {
  fileName: string;
  contentType: string;
  base64: string;
}

/** "Claim pack (PDF)": asks main for the pack (made from what the desk holds) and saves it as a download. */
export function ClaimPackButton({ make }: { make: () => Promise<Pack> }) {
  const { t } = useT();
  const [making, setMaking] = useState(false);
  const save = async () => {
    setMaking(true);
    try {
      const pack = await make();
      const bytes = Uint8Array.from(atob(pack.base64), (c) => c.charCodeAt(0));
      downloadBlob(pack.fileName, new Blob([bytes], { type: pack.contentType }));
      showToast({ title: t('evidence.pack.saved'), tone: 'success' });
    } catch (error) {
      showToast({ title: t('evidence.pack.failed'), description: errorParts(error, t).message, tone: 'error' });
    } finally {
      setMaking(false);
    }
  };
  return (
    <button type="button" onClick={() => void save()} disabled={making}>
      {making ? t('evidence.pack.making') : t('evidence.pack.save')}
    </button>
  );
}

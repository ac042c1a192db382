// Receiving's camera: the shared scanner (web/src/components/camera-scanner.tsx) with the warehouse's texts.
import { useTranslation } from '../../../lib/i18n/use-translation';
import { CameraScanner as Scanner } from '../../../components/camera-scanner';

export function CameraScanner({ onCode, onClose }: { onCode: (code: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const labels = { unavailable: t('wms.receiving.cameraUnavailable'), stop: t('wms.receiving.stopCamera') };
  return <Scanner onCode={onCode} onClose={onClose} labels={labels} />;
}

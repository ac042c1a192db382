// The phone camera as a code scanner: the browser's BarcodeDetector where it exists (Chrome on
// Android), else @zxing/browser (loaded only when needed). One code is read, then the camera stops.
// Used by the warehouse's receiving (barcodes) and the gate screen (gate pass QR codes).
import { useEffect, useRef, useState } from 'react';

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type DetectorClass = new (options?: { formats?: string[] }) => Detector;

export interface CameraScannerProps {
  onCode: (code: string) => void;
  onClose: () => void;
  /** Shown when the camera cannot be opened, and on the button that stops it (the caller's language). */
  labels: { unavailable: string; stop: string };
}

export function CameraScanner({ onCode, onClose, labels }: CameraScannerProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let stopped = false;
    let stop = () => {};
    const done = (code: string) => {
      if (stopped) return;
      stopped = true;
      stop();
      onCode(code);
    };
    (async () => {
      const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
      if (Native && navigator.mediaDevices?.getUserMedia) {
        const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
        stop = () => stream.getTracks().forEach((track) => track.stop());
        const el = video.current!;
        el.srcObject = stream;
        await el.play();
        const detector = new Native({ formats: ['ean_13', 'ean_8', 'upc_a', 'code_128', 'data_matrix', 'qr_code'] });
        const tick = async () => {
          if (stopped) return;
          const [hit] = await detector.detect(el).catch(() => []);
          if (hit?.rawValue) done(hit.rawValue);
          else requestAnimationFrame(() => void tick());
        };
        void tick();
        return;
      }
      const { BrowserMultiFormatReader } = await import('@zxing/browser');
      const controls = await new BrowserMultiFormatReader().decodeFromVideoDevice(
        undefined,
        video.current!,
        (result) => result && done(result.getText()),
      );
      stop = () => controls.stop();
      if (stopped) stop();
    })().catch(() => setFailed(true));
    return () => {
      stopped = true;
      stop();
    };
  }, [onCode]);
  return (
    <div className="space-y-2">
      {failed ? (
        <p className="text-sm text-amber-700">{labels.unavailable}</p>
      ) : (
        <video ref={video} className="aspect-video w-full rounded-md bg-black" muted playsInline />
      )}
      <button type="button" className="text-sm text-blue-700 underline" onClick={onClose}>
        {labels.stop}
      </button>
    </div>
  );
}

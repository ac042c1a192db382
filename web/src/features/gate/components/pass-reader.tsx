// Reads a gate pass: the camera fills the code and verifies it at once; a typed code is verified on submit.
import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Button } from '../../../components/ui/button';
import { CameraScanner } from '../../../components/camera-scanner';
import { Field } from '../../../components/ui/field';

export function PassReader({ onRead, disabled }: { onRead: (code: string) => void; disabled: boolean }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [camera, setCamera] = useState(false);
  const scanned = useCallback(
    (value: string) => {
      setCamera(false);
      setCode(value);
      onRead(value);
    },
    [onRead],
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onRead(code);
  };
  return (
    <form className="space-y-3" onSubmit={submit}>
      <Field
        label={t('gatePass.code')}
        hint={t('gatePass.codeHint')}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoComplete="off"
        spellCheck={false}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={disabled || !code.trim()}>
          {t('gatePass.verify')}
        </Button>
        {!camera && (
          <Button variant="secondary" onClick={() => setCamera(true)} disabled={disabled}>
            {t('gatePass.scan')}
          </Button>
        )}
      </div>
      {camera && (
        <CameraScanner
          onCode={scanned}
          onClose={() => setCamera(false)}
          labels={{ unavailable: t('gatePass.cameraUnavailable'), stop: t('gatePass.stopCamera') }}
        />
      )}
    </form>
  );
}

import { useId, useRef, useState, type FormEvent } from 'react';
import { updateProfile } from '../../lib/account/actions.ts';
import { fieldErrorsOf } from '../../lib/account/field-errors.ts';
import type { User } from '../../lib/store/app-state.ts';
import type { DocumentKind } from './labels.ts';
import { ViewLink } from './view-link.tsx';

export interface DocumentUploadProps {
  readonly kind: DocumentKind;
  /** The current file's URL; undefined where the kind has no single file (certificates). */
  readonly url?: string | null;
}

/**
 * One file upload (`PATCH /api/auth/profile/` multipart, the file under the kind's field)
 * with a progress bar while it is sent, the server's error next to it, and a "View" link to
 * the current file.
 */
export function DocumentUpload({ kind, url }: DocumentUploadProps) {
  const id = useId();
  const busy = useRef(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | undefined>(undefined);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (busy.current) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    busy.current = true;
    setError(undefined);
    setProgress(0);
    void updateProfile(data, { onProgress: setProgress, loader: false })
      .then((result) => {
        if (result.success) {
          form.reset();
          return;
        }
        const message = fieldErrorsOf(result.error, [kind.field])[kind.field];
        setError(message);
        if (message !== undefined) form.querySelector<HTMLInputElement>('input[type="file"]')?.focus();
      })
      .finally(() => {
        busy.current = false;
        setProgress(null);
      });
  };

  const pick = (user: User): string | null => (kind.field === 'certificates' ? null : user[kind.field]);
  const uploading = progress !== null;
  const percent = Math.round((progress ?? 0) * 100);

  return (
    <form className="isl-document" encType="multipart/form-data" onSubmit={onSubmit} onInput={() => setError(undefined)}>
      <div className="field">
        <label className="field-label" htmlFor={id}>
          {kind.label}
        </label>
        <p className="field-hint" id={hintId}>
          {kind.hint}
        </p>
        {url !== undefined && (
          <p className="isl-document__status">
            {url !== null && url !== '' ? (
              <>
                Uploaded. <ViewLink url={url} what={kind.label} pick={pick} />
              </>
            ) : (
              'Not uploaded yet.'
            )}
          </p>
        )}
        <div className="isl-document__row">
          <input
            id={id}
            name={kind.field}
            type="file"
            accept={kind.accept}
            required
            aria-describedby={error === undefined ? hintId : `${hintId} ${errorId}`}
            aria-invalid={error === undefined ? undefined : true}
          />
          <button className="button button--secondary" type="submit" disabled={uploading} aria-busy={uploading ? true : undefined}>
            Upload<span className="visually-hidden"> {kind.label}</span>
          </button>
        </div>
        {error !== undefined && (
          <p className="isl-field-error" id={errorId}>
            {error}
          </p>
        )}
        {uploading && (
          <progress className="isl-document__progress" max={100} value={percent} aria-label={`Uploading ${kind.label}`}>
            {percent}%
          </progress>
        )}
      </div>
    </form>
  );
}

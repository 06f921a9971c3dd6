import { useState } from 'react';
import { removeCertificate } from '../../lib/account/actions.ts';
import type { Certificate } from '../../lib/store/app-state.ts';
import { DocumentUpload } from './document-upload.tsx';
import { CERTIFICATE_UPLOAD } from './labels.ts';
import { ViewLink } from './view-link.tsx';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * "3 March 2025" for an ISO timestamp, in the browser's time zone (the text itself when it is
 * not a date). By hand, not Intl: the QuickJS server bundle has no Intl.
 */
export function formatUploadDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.getDate()} ${MONTHS[date.getMonth()] ?? ''} ${date.getFullYear()}`;
}

function CertificateItem({ certificate }: { certificate: Certificate }) {
  const [removing, setRemoving] = useState(false);
  const remove = (): void => {
    setRemoving(true);
    // Removal errors are only logged (spec section 8); the item stays, the button works again.
    void removeCertificate(certificate.id).finally(() => setRemoving(false));
  };
  const name = certificate.name === '' ? 'Certificate' : certificate.name;
  return (
    <li className="isl-certificates__item">
      <span className="isl-certificates__name">{name}</span>
      <time className="isl-certificates__date" dateTime={certificate.uploaded_at}>
        {formatUploadDate(certificate.uploaded_at)}
      </time>
      <span className="isl-certificates__actions">
        {certificate.file !== null && certificate.file !== '' && (
          <ViewLink
            url={certificate.file}
            what={name}
            pick={(user) => user.certificates.find((item) => item.id === certificate.id)?.file ?? null}
          />
        )}
        <button className="button button--ghost" type="button" onClick={remove} disabled={removing} aria-busy={removing ? true : undefined}>
          Remove<span className="visually-hidden"> {name}</span>
        </button>
      </span>
    </li>
  );
}

/** The certificates: one upload (`certificates`, each adds one) and the list with Remove. */
export function Certificates({ certificates }: { certificates: readonly Certificate[] }) {
  return (
    <>
      {certificates.length === 0 ? (
        <p className="isl-certificates__empty">No certificates yet.</p>
      ) : (
        <ul className="isl-certificates">
          {certificates.map((certificate) => (
            <CertificateItem key={certificate.id} certificate={certificate} />
          ))}
        </ul>
      )}
      <DocumentUpload kind={CERTIFICATE_UPLOAD} />
    </>
  );
}

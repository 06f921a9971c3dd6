import type { CompletionItem } from '../../lib/account/profile-completion.ts';

/** How each completeness item is named to the user. */
export const ITEM_LABELS: Readonly<Record<CompletionItem, string>> = {
  full_name: 'Full name',
  email: 'Email address',
  phone_number: 'Phone number',
  address_line_1: 'Address',
  postcode: 'Postcode',
  city: 'Town or city',
  country: 'Country',
  profile_picture: 'Profile picture',
  resume: 'CV',
  passport: 'Passport',
  utility_bill: 'Utility bill',
  date_of_birth: 'Date of birth',
  other_documents: 'Other documents',
  is_verified: 'Verified email address',
};

export type DocumentField = 'profile_picture' | 'resume' | 'passport' | 'utility_bill' | 'other_documents';

// api-contract, Files: documents pdf, doc, docx, jpg, png up to 5 MiB; pictures jpg, png, webp up to 2 MiB.
const DOCUMENT_ACCEPT = '.pdf,.doc,.docx,.jpg,.jpeg,.png,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document,image/jpeg,image/png';
const DOCUMENT_HINT = 'PDF, Word, JPG or PNG, up to 5 MB. Never made public.';

export interface DocumentKind {
  readonly field: DocumentField | 'certificates';
  readonly label: string;
  readonly hint: string;
  readonly accept: string;
}

export const DOCUMENTS: readonly (DocumentKind & { readonly field: DocumentField })[] = [
  {
    field: 'profile_picture',
    label: 'Profile picture',
    hint: 'JPG, PNG or WebP, up to 2 MB.',
    accept: '.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp',
  },
  { field: 'resume', label: 'CV', hint: DOCUMENT_HINT, accept: DOCUMENT_ACCEPT },
  { field: 'passport', label: 'Passport', hint: DOCUMENT_HINT, accept: DOCUMENT_ACCEPT },
  { field: 'utility_bill', label: 'Utility bill (proof of address)', hint: DOCUMENT_HINT, accept: DOCUMENT_ACCEPT },
  { field: 'other_documents', label: 'Other documents', hint: DOCUMENT_HINT, accept: DOCUMENT_ACCEPT },
];

export const CERTIFICATE_UPLOAD: DocumentKind = {
  field: 'certificates',
  label: 'Add a certificate',
  hint: DOCUMENT_HINT,
  accept: DOCUMENT_ACCEPT,
};

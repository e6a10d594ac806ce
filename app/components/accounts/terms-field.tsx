/** The terms consent of /register and of the account made at checkout (decision 0038): one checkbox, one wording. */
import { getInputProps, type FieldMetadata } from '@conform-to/react';
import { Link } from 'react-router';
import { FieldError } from './fields';

export function TermsField({ terms }: { terms: FieldMetadata<string> }) {
  return (
    <div>
      <div className="flex items-start gap-3">
        <input {...getInputProps(terms, { type: 'checkbox' })} key={terms.key} className="mt-1 h-5 w-5 accent-ink" />
        <label htmlFor={terms.id} className="text-sm">
          I agree to the{' '}
          <Link to="/terms" className="underline underline-offset-4">
            terms and conditions
          </Link>{' '}
          and the{' '}
          <Link to="/privacy" className="underline underline-offset-4">
            privacy policy
          </Link>
          .
        </label>
      </div>
      <FieldError id={terms.errorId} error={terms.errors?.[0]} />
    </div>
  );
}

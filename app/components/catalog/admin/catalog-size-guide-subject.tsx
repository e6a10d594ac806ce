/**
 * The first step of /admin/size-guides/new: what the guide is for, a size set or a category, chosen with a GET form
 * (`?for=set:{id}`), so the table that follows has the set's sizes as its rows, with or without JavaScript. A set or
 * category that has a guide already is shown but cannot be chosen.
 */
import { Form } from 'react-router';
import { SIZE_GUIDE_SCREEN, subjectValue } from '~/lib/catalog/admin-size-guides';
import { SelectField } from './catalog-fields';

type Props = {
  subjects: {
    sets: { id: string; name: string; sizes: string[]; taken: boolean }[];
    categories: { name: string; taken: boolean }[];
  };
  /** The `for` asked for when it named nothing that exists. */
  error?: string;
};

const taken = ' (has a guide)';

export function CatalogSizeGuideSubject({ subjects, error }: Props) {
  const free = [...subjects.sets, ...subjects.categories].some((subject) => !subject.taken);
  return (
    <Form
      method="get"
      action={`${SIZE_GUIDE_SCREEN.path}/new`}
      className="max-w-3xl space-y-6"
      aria-label="Size guide for"
    >
      <SelectField
        name="for"
        label="What is the guide for?"
        hint={
          "A size set's guide shows on every product of the set; a category's guide on the products of the " +
          'category whose size set has none.'
        }
        error={error}
        defaultValue=""
      >
        <option value="" disabled>
          Choose a size set or category
        </option>
        <optgroup label="Size sets">
          {subjects.sets.map((set) => (
            <option key={set.id} value={subjectValue({ sizeSetId: set.id, category: null })} disabled={set.taken}>
              {set.name} ({set.sizes.join(', ')}){set.taken ? taken : ''}
            </option>
          ))}
        </optgroup>
        <optgroup label="Categories">
          {subjects.categories.map((category) => (
            <option
              key={category.name}
              value={subjectValue({ sizeSetId: null, category: category.name })}
              disabled={category.taken}
            >
              {category.name}
              {category.taken ? taken : ''}
            </option>
          ))}
        </optgroup>
      </SelectField>
      {free ? null : <p className="text-sm text-muted">Every size set and category has a guide: edit one instead.</p>}
      <button
        type="submit"
        className="h-12 bg-ink px-8 text-xs font-medium uppercase tracking-widest text-paper disabled:opacity-60"
      >
        Continue
      </button>
    </Form>
  );
}

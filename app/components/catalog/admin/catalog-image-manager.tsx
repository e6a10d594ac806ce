/**
 * Images of a product (several, ordered: the first is the thumbnail) or a collection (one). Each stored
 * image travels with the form as JSON in a hidden input.
 *
 * Without JavaScript the file input posts its files with the form, and Move up / Move down / Remove
 * are submit buttons the server applies (the form comes back with everything typed). With JavaScript,
 * chosen files are uploaded at once, one request each, with a progress bar and a local preview, and
 * the buttons reorder in place. Files chosen before the scripts arrived (they start after the first paint,
 * decision 0010) go up as soon as the page is hydrated, rather than waiting unseen in the input.
 */
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import {
  applyImageIntent,
  displayFileName,
  imageInputValue,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_LABEL,
  UPLOAD_MESSAGES,
  IMAGE_COLOUR_FIELD,
  imageColourValue,
  type ImageFolder,
  type ImageIntent,
  type ProductImageInput,
} from '~/lib/catalog/admin-catalog';
import { imageUrl, pickWidth } from '~/lib/images';
import { useHydrated, useOnHydration } from '~/hooks/use-hydrated';
import { uploadImage } from './catalog-upload';

type Props = {
  folder: ImageFolder;
  initial: ProductImageInput[];
  /** A product's colours: each photo shows every colour or one of these (decision 0034). Collections have none. */
  colours?: readonly string[];
  /** Products take several images; a collection one, which a new upload replaces. */
  multiple: boolean;
  /** Messages from the server (files it refused), shown until the next post. */
  serverErrors: string[];
  fieldError?: string;
  onBusyChange?: (busy: boolean) => void;
};

type Upload = { id: number; name: string; progress: number; preview: string };

const smallButton =
  'border border-line px-2 py-1 text-xs uppercase tracking-widest hover:border-ink disabled:opacity-40';
let uploadIds = 0;

export function CatalogImageManager(props: Props) {
  const { folder, initial, colours, multiple, serverErrors, fieldError, onBusyChange } = props;
  const hydrated = useHydrated();
  const [images, setImages] = useState(initial);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [errors, setErrors] = useState(serverErrors);
  const fileInput = useRef<HTMLInputElement>(null);
  const noun = multiple ? 'images' : 'image';

  useEffect(() => onBusyChange?.(uploads.length > 0), [uploads.length, onBusyChange]);

  // Files chosen before the scripts arrived go up now; later choices come through onChange.
  useOnHydration(() => {
    if (fileInput.current?.files?.length) void uploadChosen(fileInput.current);
  });

  /** With JavaScript the buttons act here; without it they submit the form and the server does the same. */
  const act = (intent: ImageIntent) => (event: MouseEvent) => {
    if (!hydrated) return;
    event.preventDefault();
    setImages((current) => applyImageIntent(current, intent));
  };

  async function uploadChosen(input: HTMLInputElement) {
    const files = [...(input.files ?? [])].slice(0, multiple ? undefined : 1);
    // The files go up now; cleared, the input does not send them again with the form.
    input.value = '';
    setErrors([]);
    for (const file of files) {
      const name = displayFileName(file.name);
      if (file.size > MAX_IMAGE_BYTES) {
        setErrors((current) => [...current, UPLOAD_MESSAGES.tooLarge(name)]);
        continue;
      }
      const upload: Upload = { id: ++uploadIds, name, progress: 0, preview: URL.createObjectURL(file) };
      setUploads((current) => [...current, upload]);
      try {
        const image = await uploadImage(file, folder, (fraction) =>
          setUploads((current) => current.map((u) => (u.id === upload.id ? { ...u, progress: fraction } : u))),
        );
        setImages((current) => (multiple ? [...current, image] : [image]));
      } catch (error) {
        setErrors((current) => [...current, error instanceof Error ? error.message : UPLOAD_MESSAGES.failed(name)]);
      } finally {
        URL.revokeObjectURL(upload.preview);
        setUploads((current) => current.filter((u) => u.id !== upload.id));
      }
    }
  }

  const allErrors = [...errors, ...(fieldError ? [fieldError] : [])];
  return (
    <fieldset className="space-y-4" aria-describedby={`${folder}-images-hint`}>
      <legend className="text-xs font-medium uppercase tracking-widest">
        {multiple ? 'Images' : 'Image (optional)'}
      </legend>
      <p id={`${folder}-images-hint`} className="text-sm text-muted">
        Image files only (JPEG, PNG, WebP, GIF, AVIF), up to {MAX_IMAGE_LABEL} each.
        {multiple ? ' The first image is the thumbnail.' : ' A new image replaces the current one.'}
      </p>
      {allErrors.length ? (
        <ul role="alert" className="space-y-1 border border-sale px-4 py-3 text-sm text-sale">
          {allErrors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
      {images.length || uploads.length ? (
        <ol className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" aria-label={`Current ${noun}`}>
          {images.map((image, index) => (
            <li key={image.key} className="border border-line p-2">
              <input type="hidden" name="image" value={imageInputValue(image)} />
              <img
                src={imageUrl(image, pickWidth(image, 320))}
                width={image.width}
                height={image.height}
                alt={`${multiple ? `Image ${index + 1}` : 'Collection image'}`}
                className={`h-auto w-full bg-neutral-100 object-cover ${multiple ? 'aspect-[4/5]' : ''}`}
              />
              <p className="mt-2 text-xs uppercase tracking-widest text-muted">
                {multiple && index === 0 ? 'Thumbnail' : multiple ? `Image ${index + 1}` : 'Current image'}
              </p>
              {colours ? <PhotoColour image={image} index={index} colours={colours} /> : null}
              <div className="mt-2 flex flex-wrap gap-1">
                {multiple ? (
                  <>
                    <button
                      type="submit"
                      name="intent"
                      value={`image-up:${index}`}
                      formNoValidate
                      disabled={index === 0}
                      onClick={act({ op: 'up', index })}
                      aria-label={`Move image ${index + 1} up`}
                      className={smallButton}
                    >
                      Up
                    </button>
                    <button
                      type="submit"
                      name="intent"
                      value={`image-down:${index}`}
                      formNoValidate
                      disabled={index === images.length - 1}
                      onClick={act({ op: 'down', index })}
                      aria-label={`Move image ${index + 1} down`}
                      className={smallButton}
                    >
                      Down
                    </button>
                  </>
                ) : null}
                <button
                  type="submit"
                  name="intent"
                  value={`image-remove:${index}`}
                  formNoValidate
                  onClick={act({ op: 'remove', index })}
                  aria-label={multiple ? `Remove image ${index + 1}` : 'Remove image'}
                  className={smallButton}
                >
                  Remove
                </button>
              </div>
            </li>
          ))}
          {uploads.map((upload) => (
            <li key={upload.id} className="border border-dashed border-line p-2">
              <img
                src={upload.preview}
                alt={`Uploading ${upload.name}`}
                className="aspect-[4/5] h-auto w-full bg-neutral-100 object-cover opacity-60"
              />
              <label className="mt-2 block truncate text-xs" htmlFor={`upload-${upload.id}`}>
                Uploading {upload.name}
              </label>
              <progress
                id={`upload-${upload.id}`}
                className="mt-1 w-full accent-ink"
                max={100}
                value={Math.round(upload.progress * 100)}
              >
                {Math.round(upload.progress * 100)}%
              </progress>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-muted">No {noun} yet.</p>
      )}
      <p role="status" aria-live="polite" className="sr-only">
        {uploads.length ? `Uploading ${uploads.length} ${uploads.length === 1 ? 'image' : 'images'}…` : ''}
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={`${folder}-files`} className="block text-xs font-medium uppercase tracking-widest">
            {multiple ? 'Add images' : images.length ? 'Replace image' : 'Add an image'}
          </label>
          <input
            ref={fileInput}
            id={`${folder}-files`}
            type="file"
            name="files"
            accept="image/*"
            multiple={multiple}
            onChange={hydrated ? (event) => void uploadChosen(event.target) : undefined}
            className="mt-2 block text-sm file:mr-3 file:border file:border-ink file:bg-paper file:px-3 file:py-2 file:text-xs file:uppercase file:tracking-widest"
          />
        </div>
        {hydrated ? null : (
          <button type="submit" name="intent" value="upload" formNoValidate className={smallButton}>
            Upload
          </button>
        )}
      </div>
    </fieldset>
  );
}

/** Which colour a photo shows (decision 0034): every colour, or one of the product's (its own kept if unticked). */
function PhotoColour({
  image,
  index,
  colours,
}: {
  image: ProductImageInput;
  index: number;
  colours: readonly string[];
}) {
  const id = `image-colour-${index}`;
  const options = [...new Set([...colours, ...(image.color ? [image.color] : [])])];
  return (
    <div className="mt-2">
      <label htmlFor={id} className="block text-xs">
        Colour of image {index + 1}
      </label>
      <select
        id={id}
        name={IMAGE_COLOUR_FIELD}
        defaultValue={imageColourValue(image.key, image.color)}
        className="mt-1 h-9 w-full border border-line bg-paper px-2 text-xs"
      >
        <option value={imageColourValue(image.key, null)}>Every colour</option>
        {options.map((colour) => (
          <option key={colour} value={imageColourValue(image.key, colour)}>
            {colour}
          </option>
        ))}
      </select>
    </div>
  );
}

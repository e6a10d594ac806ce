/**
 * Sends one image to /admin/uploads with XMLHttpRequest, whose upload progress events fetch() does not
 * offer, and resolves with the stored image. Errors carry the words to show (the server's, naming the file).
 */
import type { ImageFolder } from '~/lib/catalog/admin-catalog';
import type { StoredImage } from '~/lib/images';

export const UPLOAD_URL = '/admin/uploads';

export function uploadImage(
  file: File,
  folder: ImageFolder,
  onProgress: (fraction: number) => void,
): Promise<StoredImage> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', UPLOAD_URL);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = xhr.response as { error?: string } | StoredImage | null;
      if (xhr.status === 201 && body && 'key' in body) return resolve(body);
      // A signed-out admin is redirected to the sign-in page, which XHR follows.
      if (new URL(xhr.responseURL || UPLOAD_URL, location.href).pathname === '/login')
        return reject(new Error('Your session has ended. Please sign in again, then upload the image.'));
      reject(
        new Error(
          body && 'error' in body && body.error
            ? body.error
            : `"${file.name}" could not be uploaded. Please try again.`,
        ),
      );
    };
    xhr.onerror = () =>
      reject(new Error(`"${file.name}" could not be uploaded. Please check your connection and try again.`));
    const body = new FormData();
    body.append('folder', folder);
    body.append('file', file);
    xhr.send(body);
  });
}

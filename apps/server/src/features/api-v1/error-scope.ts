import { apiErrorCodes } from '@vectrace/contract';
import type { ErrorScope } from '../../errors.js';
import { IMAGE_TOO_LARGE } from './read-image.js';

/** The API answers only its documented codes, and a body of the wrong type in its own words. */
export const apiErrors: ErrorScope = {
  codes: apiErrorCodes,
  refusals: {
    FST_ERR_CTP_INVALID_MEDIA_TYPE: {
      code: 'unsupported_media_type',
      message:
        'Send the image as multipart/form-data (a field named image), or as the whole body with Content-Type: image/png, image/jpeg, image/webp, image/gif, image/bmp or image/tiff.',
    },
    // A raw image past the limit, or a JSON body past room for one in base64.
    FST_ERR_CTP_BODY_TOO_LARGE: { code: 'image_too_large', message: IMAGE_TOO_LARGE },
  },
};

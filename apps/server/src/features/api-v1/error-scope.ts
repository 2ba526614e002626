import { apiErrorCodes } from '@vectrace/contract';
import type { ErrorScope } from '../../errors.js';

/** The API answers only its documented codes, and a body of the wrong type in its own words. */
export const apiErrors: ErrorScope = {
  codes: apiErrorCodes,
  refusals: {
    FST_ERR_CTP_INVALID_MEDIA_TYPE: {
      code: 'invalid_request',
      message:
        'Send the image as multipart/form-data (a field named image), or as the whole body with Content-Type: image/png, image/jpeg, image/webp, image/gif, image/bmp or image/tiff.',
    },
  },
};

import { errorEnvelopeSchema } from '@shipdeck/shared/api-envelope';
import { HTTP_TIMEOUT_MS } from '@shipdeck/shared/constants';
import { errorMessages } from '@shipdeck/shared/messages';
import axios, { type AxiosResponse, isAxiosError } from 'axios';
import { toast } from './toast';
import { env } from '@/config/env';
import { ApiError } from './api-error';
import { queryClient } from './query-client';
import { clearToken, getToken } from './token-storage';

/** Requests whose 401 means something other than "your session is gone". */
const OWN_401_URLS = new Set(['/auth/login', '/auth/logout', '/auth/exchange']);

let onUnauthorized: () => void = () => {
  window.location.assign('/login');
};

/** The router registers how to reach /login without a full reload. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

export const apiClient = axios.create({
  baseURL: env.apiUrl,
  timeout: HTTP_TIMEOUT_MS,
  headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
});

apiClient.interceptors.request.use((config) => {
  const token = getToken();
  if (token) config.headers.Authorization = `Bearer ${token}`;
  return config;
});

function toApiError(error: unknown): ApiError {
  if (!isAxiosError(error) || !error.response) {
    return new ApiError({
      message: errorMessages.network,
      status: null,
      code: null,
      serverMessage: null,
      fieldErrors: [],
    });
  }
  const status = error.response.status;
  const body = errorEnvelopeSchema.safeParse(error.response.data as unknown);
  if (status >= 500) {
    return new ApiError({
      message: errorMessages.server,
      status,
      code: body.success ? body.data.code : null,
      serverMessage: null,
      fieldErrors: [],
    });
  }
  const serverMessage = body.success ? body.data.message : null;
  return new ApiError({
    message: serverMessage ?? error.message,
    status,
    code: body.success ? body.data.code : null,
    serverMessage,
    fieldErrors: body.success ? (body.data.errors ?? []) : [],
  });
}

apiClient.interceptors.response.use(
  (response: AxiosResponse) => response,
  (error: unknown) => {
    const apiError = toApiError(error);
    const url = isAxiosError(error) ? (error.config?.url ?? '') : '';
    if (apiError.status === 401 && !OWN_401_URLS.has(url)) {
      clearToken();
      queryClient.clear();
      onUnauthorized();
    } else if (
      (apiError.status === null || apiError.status >= 500) &&
      !(isAxiosError(error) && error.config?.skipErrorToast)
    ) {
      // One toast per kind of failure, however many requests fail at once.
      toast.error(apiError.message, { id: apiError.message });
    }
    return Promise.reject(apiError);
  },
);

/** Reads `response.data.data` of the success envelope and checks it against the shared schema. */
export function unwrap<T>(
  response: AxiosResponse<unknown>,
  schema: { parse: (input: unknown) => T },
): T {
  const body = response.data;
  if (typeof body !== 'object' || body === null || !('data' in body)) {
    throw new ApiError({
      message: errorMessages.server,
      status: response.status,
      code: null,
      serverMessage: null,
      fieldErrors: [],
    });
  }
  return schema.parse(body.data);
}

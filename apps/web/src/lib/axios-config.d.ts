import 'axios';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** The caller explains this failure itself; skip the global 5xx/network toast. */
    skipErrorToast?: boolean;
  }
}

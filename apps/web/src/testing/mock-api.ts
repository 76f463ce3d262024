import {
  AxiosError,
  type AxiosResponse,
  AxiosHeaders,
  type InternalAxiosRequestConfig,
} from 'axios';
import { apiClient } from '@/lib/api-client';

export type MockReply = { status: number; body?: unknown } | 'network-error';
type Route = MockReply | ((request: RecordedRequest) => MockReply | Promise<MockReply>);

export type RecordedRequest = {
  method: string;
  url: string;
  /** The query string as axios' `params`. */
  params: Record<string, unknown>;
  body: unknown;
  headers: Record<string, unknown>;
};

function parseBody(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return data;
  }
}

/**
 * Replaces axios' network layer with a table of answers keyed "METHOD /path", so the real
 * api-client (interceptors, envelope parsing, error mapping) runs in every test.
 */
export function mockApi(routes: Record<string, Route>): { requests: RecordedRequest[] } {
  const requests: RecordedRequest[] = [];
  apiClient.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    const request: RecordedRequest = {
      method,
      url,
      params: { ...(config.params as Record<string, unknown> | undefined) },
      body: parseBody(config.data),
      headers: AxiosHeaders.from(config.headers).toJSON(),
    };
    requests.push(request);
    const route = routes[`${method} ${url}`];
    if (route === undefined) throw new Error(`Unexpected request: ${method} ${url}`);
    const reply = typeof route === 'function' ? await route(request) : route;
    if (reply === 'network-error') {
      throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
    }
    const response: AxiosResponse = {
      data: reply.body,
      status: reply.status,
      statusText: String(reply.status),
      headers: {},
      config,
      request: {},
    };
    if (reply.status >= 200 && reply.status < 300) return response;
    throw new AxiosError(
      `Request failed with status code ${reply.status}`,
      reply.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
      config,
      {},
      response,
    );
  };
  return { requests };
}

export const ok = (data: unknown): MockReply => ({ status: 200, body: { success: true, data } });

export const fail = (
  status: number,
  message: string,
  code: string,
  errors?: { field: string; message: string }[],
): MockReply => ({
  status,
  body: { success: false, message, code, ...(errors ? { errors } : {}) },
});

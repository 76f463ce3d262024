import { describe, expect, it } from 'vitest';
import { isFiltered, readInboxFilters, writeInboxFilters } from '../inbox-filters';

const read = (search: string) => readInboxFilters(new URLSearchParams(search));

describe('readInboxFilters', () => {
  it('reads every filter and the page from the address', () => {
    expect(
      read('source=github&reason=review_requested&repository=acme%2Fweb&unread=true&page=3'),
    ).toEqual({
      source: 'github',
      reason: 'review_requested',
      repository: 'acme/web',
      unread: true,
      page: 3,
    });
    expect(read('unread=false').unread).toBe(false);
  });

  it('leaves out what the server would refuse, and starts at page 1', () => {
    expect(read('source=gitlab&unread=yes&page=0&reason=&repository=%20')).toEqual({
      source: undefined,
      reason: undefined,
      repository: undefined,
      unread: undefined,
      page: 1,
    });
    expect(read(`reason=${'a'.repeat(61)}`).reason).toBeUndefined();
    expect(read('page=2.5').page).toBe(1);
    expect(read('page=-4').page).toBe(1);
  });

  it('keeps a reason GitHub added after this list was written', () => {
    expect(read('reason=member_feature_requested').reason).toBe('member_feature_requested');
  });
});

describe('writeInboxFilters', () => {
  it('sets and removes filters and goes back to the first page on any change', () => {
    const start = new URLSearchParams('source=github&page=4&other=kept');
    const next = writeInboxFilters(start, { reason: 'mention', source: null });
    expect(next.toString()).toBe('other=kept&reason=mention');
    expect(writeInboxFilters(next, { unread: true }).get('unread')).toBe('true');
    expect(writeInboxFilters(next, { unread: false }).get('unread')).toBe('false');
    expect(
      writeInboxFilters(new URLSearchParams('unread=true'), { unread: null }).has('unread'),
    ).toBe(false);
  });

  it('changes only the page when asked for a page, and keeps page 1 out of the address', () => {
    const start = new URLSearchParams('repository=acme%2Fweb');
    expect(writeInboxFilters(start, { page: 2 }).toString()).toBe('repository=acme%2Fweb&page=2');
    expect(writeInboxFilters(new URLSearchParams('page=2'), { page: 1 }).toString()).toBe('');
  });

  it('round-trips through readInboxFilters', () => {
    const written = writeInboxFilters(new URLSearchParams(), {
      source: 'shipdeck',
      repository: 'acme/web',
      unread: true,
    });
    expect(readInboxFilters(written)).toMatchObject({
      source: 'shipdeck',
      repository: 'acme/web',
      unread: true,
      page: 1,
    });
  });
});

describe('isFiltered', () => {
  it('counts filters, not the page', () => {
    expect(isFiltered(read('page=2'))).toBe(false);
    expect(isFiltered(read('unread=false'))).toBe(true);
  });
});

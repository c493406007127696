// Bodies shaped like the contract, for the scripted server. The reference service makes the real ones.

export function envelope(extra: Record<string, unknown>) {
  return {
    status: 200,
    msg: "OK",
    request: { host: "test", id: "00000000-0000-4000-8000-000000000000" },
    ...extra,
  };
}

export function productBody(id: string, extra: Record<string, unknown> = {}) {
  const at = { iso: "2024-01-02T03:04:05.000Z", unix: 1704164645000 };
  return {
    id,
    name: `Product ${id}`,
    created_at: at,
    updated_at: at,
    active: true,
    deleted: false,
    type: "product",
    ...extra,
  };
}

export function productsPage(baseUrl: string, results: unknown[], next: boolean) {
  const position = { id: "p", updated_at: "2024-01-02T03:04:05.000Z", page: 1, cursor_field: "updated_at" };
  const url = (page: number) => `${baseUrl}/api/v1/products/acct/?page=${page}&size=2&deleted=false`;
  return envelope({
    request: {
      host: "test",
      id: "r",
      cursor: { first: { ...position, page: 0 }, page: 0, ...(next ? { next: position } : {}) },
    },
    cursor: { first: url(0), self: url(0), ...(next ? { next: url(1) } : {}) },
    count: results.length,
    results,
  });
}

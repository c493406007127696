// What the upstream's product schema says a field is when a record leaves it out. A product read
// from the service takes these where its record has no such key.
export const productDefaults = {
  active: true,
  deleted: false,
  sellable: true,
  purchasable: true,
  linkable: false,
  online: false,
  shipping_required: true,
  serial_number_input_required: false,
} as const;

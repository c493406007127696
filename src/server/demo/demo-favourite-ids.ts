// The ids of the demo's two favourite sets, the same in every demo account (as the branches' ids are),
// so a branch can name one as its default_favourite.
export const demoFavouriteSetIds = {
  bakery: "9b2e4c71-3f0a-4d8b-a6e5-1c7f0b3d0001",
  drinks: "9b2e4c71-3f0a-4d8b-a6e5-1c7f0b3d0002",
} as const;

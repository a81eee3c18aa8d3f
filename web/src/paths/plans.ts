/** Plans and orders (billing spec): where a free account upgrades, from the user panel, the cart and a limit reached. */
export const PLANS_PAGE = '/plans-and-orders';

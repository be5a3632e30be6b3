/** The signed-in user as the web client sees it (product.md "Entities"). Client-safe. */
export interface CurrentUser {
  id: string;
  email: string;
  emailConfirmed: boolean;
  roles: string[];
  timezone: string;
  signUpFlow: "User" | "Expert";
  userName: string;
  firstName: string;
  lastName: string;
  avatar: string;
}

export const isExpert = (user: Pick<CurrentUser, "roles"> | null | undefined) =>
  Boolean(user?.roles.includes("Expert"));

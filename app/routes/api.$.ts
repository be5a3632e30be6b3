import { apiError } from "~/web/api.server";

/** Any /api path no route claims: a JSON 404, never the HTML page. */
export const loader = () => apiError(404);
export const action = () => apiError(404);

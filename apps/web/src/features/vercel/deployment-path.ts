/** The triage view of one deployment. */
export const deploymentPath = (id: string) => `/deployments/${encodeURIComponent(id)}`;

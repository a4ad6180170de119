// The API docs (/__mock/docs): Swagger UI over the mock's own OpenAPI document, whose `servers`
// names this mock, so "Try it out" calls it. No validator badge: that would call another host.
window.SwaggerUIBundle({
  url: 'openapi.json',
  dom_id: '#docs',
  validatorUrl: null,
  deepLinking: true,
  displayOperationId: true,
  tryItOutEnabled: true,
});

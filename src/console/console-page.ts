/** The console's HTML shell; everything else is drawn by /console/app.js from the API. */
export const CONSOLE_PAGE = String.raw`<!doctype html>
<html lang="uk">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Waybill console</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/console/app.css">
</head>
<body>
<header class="top">
  <strong class="brand">Waybill</strong>
  <nav id="nav" hidden>
    <a href="#/runs" data-page="runs">Runs</a>
    <a href="#/approvals" data-page="approvals">Approvals <span id="pending-count" class="badge" hidden></span></a>
    <a href="#/switches" data-page="switches">Switches</a>
    <a href="#/metrics" data-page="metrics">Metrics</a>
  </nav>
  <span id="who" class="who"></span>
  <button id="sign-out" type="button" hidden>Sign out</button>
</header>
<main id="main"><p class="muted">Loading…</p></main>
<script src="/console/app.js" defer></script>
</body>
</html>
`;

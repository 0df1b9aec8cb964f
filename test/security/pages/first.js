// The first script of every strict page (test/server/csp.ts): a classic
// script, so it runs before any module of the kit. It records, on
// `window.__qaSecurity`, every Content-Security-Policy violation, uncaught
// error and unhandled rejection, and every Trusted Types policy created (or
// attempted) on the page, and what passes through each policy's rules (whether
// the input held the test marker `QA-UNTRUSTED`, which the tests put into
// untrusted payloads and documents). The tests read it from the parent frame.
(function () {
  'use strict';
  var MARKER = 'QA-UNTRUSTED';
  var MAX_CALLS = 5000;
  var log = { violations: [], errors: [], rejections: [], policies: [], refusedPolicies: [], policyRules: {}, policyCalls: [] };
  window.__qaSecurity = log;
  document.addEventListener(
    'securitypolicyviolation',
    function (e) {
      log.violations.push({
        directive: e.effectiveDirective || e.violatedDirective,
        blocked: String(e.blockedURI || ''),
        sample: String(e.sample || ''),
        source: String(e.sourceFile || ''),
        line: e.lineNumber || 0,
        disposition: e.disposition,
      });
    },
    true,
  );
  window.addEventListener('error', function (e) {
    log.errors.push(String(e.message || e.error || 'error'));
  });
  window.addEventListener('unhandledrejection', function (e) {
    var r = e.reason;
    log.rejections.push(r && r.stack ? String(r.stack).slice(0, 400) : String(r));
  });
  var tt = window.trustedTypes;
  if (tt && typeof tt.createPolicy === 'function') {
    var create = tt.createPolicy.bind(tt);
    tt.createPolicy = function (name, rules) {
      var wrapped = {};
      var kinds = [];
      Object.keys(rules || {}).forEach(function (kind) {
        var rule = rules[kind];
        kinds.push(kind);
        wrapped[kind] =
          typeof rule === 'function'
            ? function (input) {
                var text = String(input);
                if (log.policyCalls.length < MAX_CALLS) {
                  log.policyCalls.push({
                    policy: String(name),
                    kind: kind,
                    length: text.length,
                    marker: text.indexOf(MARKER) !== -1,
                    head: text.slice(0, 120),
                  });
                }
                return rule.apply(this, arguments);
              }
            : rule;
      });
      log.policyRules[String(name)] = kinds;
      try {
        var policy = create(name, wrapped);
        log.policies.push(String(name));
        return policy;
      } catch (error) {
        log.refusedPolicies.push(String(name));
        throw error;
      }
    };
  }
})();

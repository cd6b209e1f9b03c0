/**
 * The contrast measure that runs in the page, kept as plain JavaScript source text: tsx would
 * wrap the helpers of a function argument in its own __name, which does not exist in the page.
 * Evaluated once per document, it answers an object kept on window.__dmContrast (see contrast.ts).
 *
 * A text's colour is measured against what is painted behind it: the background of its element
 * and of each ancestor, translucent layers blended over the ones below (opacity included) down
 * to the first opaque one or the page's white, and the positioned boxes drawn before it under it
 * (a segmented control's indicator). Text over an image or a gradient has no single background
 * and is left out, as is text covered by a box drawn after it (a dialog's overlay), hidden text
 * (visibility, opacity, transparent colour, a visually-hidden clip, off the page) and the text
 * of disabled controls, which WCAG exempts.
 */
export const CONTRAST_IN_PAGE = `function () {
  var CONTROLS = 'button, a[href], [role="button"], [role="link"], [role="tab"], [role="menuitem"], ' +
    '.mantine-Chip-label, .mantine-SegmentedControl-label';
  var SKIPPED_TAGS = { SCRIPT: 1, STYLE: 1, NOSCRIPT: 1, TEMPLATE: 1, TITLE: 1, OPTION: 1, SELECT: 1, TEXTAREA: 1 };
  var styles, paints, opacities, clips, rects, layers = [], controls = [];

  function reset() {
    styles = new Map(); paints = new Map(); opacities = new Map(); clips = new Map(); rects = new Map();
  }
  function style(el) {
    var s = styles.get(el);
    if (!s) { s = getComputedStyle(el); styles.set(el, s); }
    return s;
  }
  // rgb(), rgba() and color(srgb ...) (what colour-mix() computes to) as [r, g, b, a]; null if other.
  function parse(value) {
    if (!value || value === 'transparent' || value === 'none') return [0, 0, 0, 0];
    var m = value.match(/^rgba?\\(([^)]+)\\)$/);
    if (m) {
      var p = m[1].split(/[\\s,\\/]+/).filter(Boolean).map(parseFloat);
      return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
    }
    m = value.match(/^color\\(srgb ([^)]+)\\)$/);
    if (m) {
      var q = m[1].split(/[\\s\\/]+/).filter(Boolean).map(parseFloat);
      return [q[0] * 255, q[1] * 255, q[2] * 255, q.length > 3 ? q[3] : 1];
    }
    return null;
  }
  function over(top, bottom) {
    var a = top[3];
    return [top[0] * a + bottom[0] * (1 - a), top[1] * a + bottom[1] * (1 - a), top[2] * a + bottom[2] * (1 - a), 1];
  }
  function channel(c) {
    var s = c / 255;
    return s <= 0.03928 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
  }
  function luminance(c) {
    return 0.2126 * channel(c[0]) + 0.7152 * channel(c[1]) + 0.0722 * channel(c[2]);
  }
  function rgb(c) {
    return 'rgb(' + c.slice(0, 3).map(Math.round).join(',') + ')';
  }
  // The element's opacity times its ancestors'.
  function opacity(el) {
    if (!el) return 1;
    var o = opacities.get(el);
    if (o === undefined) {
      o = parseFloat(style(el).opacity) * opacity(el.parentElement);
      opacities.set(el, o);
    }
    return o;
  }
  // What is painted under an element's content: { color, image, provider (the opaque element) }.
  function painted(el) {
    if (!el) return { color: [255, 255, 255, 1], image: false, provider: null };
    var hit = paints.get(el);
    if (hit) return hit;
    var s = style(el);
    var bg = parse(s.backgroundColor) || [0, 0, 0, 0];
    var alpha = bg[3] * opacity(el);
    var image = s.backgroundImage !== 'none';
    var out;
    if (alpha >= 0.999) out = { color: [bg[0], bg[1], bg[2], 1], image: image, provider: el };
    else {
      var below = painted(el.parentElement);
      out = {
        color: alpha > 0 ? over([bg[0], bg[1], bg[2], alpha], below.color) : below.color,
        image: image || below.image,
        provider: below.provider,
      };
    }
    paints.set(el, out);
    return out;
  }
  // Hidden by a visually-hidden clip, or squeezed to nothing inside a clipping box.
  function clipped(el) {
    if (!el || el === document.body) return false;
    var c = clips.get(el);
    if (c === undefined) {
      var s = style(el);
      c = (s.position === 'absolute' && s.clip !== 'auto') || /inset\\(50%/.test(s.clipPath);
      if (!c && s.overflow !== 'visible') {
        var r = el.getBoundingClientRect();
        c = r.width <= 1 || r.height <= 1;
      }
      c = c || clipped(el.parentElement);
      clips.set(el, c);
    }
    return c;
  }
  function rectOf(el) {
    var r = rects.get(el);
    if (!r) { r = el.getBoundingClientRect(); rects.set(el, r); }
    return r;
  }
  // Images, and positioned boxes with a background: what may lie under (or over) text that is
  // not their descendant.
  function collectLayers() {
    var out = [];
    document.querySelectorAll('body *').forEach(function (el) {
      var tag = el.tagName;
      if (tag === 'IMG' || tag === 'VIDEO' || tag === 'CANVAS' || tag === 'IFRAME' || tag === 'OBJECT') {
        out.push({ el: el, image: true });
        return;
      }
      var s = style(el);
      if (s.position !== 'absolute' && s.position !== 'fixed') return;
      if (s.backgroundImage !== 'none') out.push({ el: el, image: true });
      else if ((parse(s.backgroundColor) || [0, 0, 0, 0])[3] > 0) out.push({ el: el, image: false });
    });
    return out;
  }
  function disabled(el) {
    return el.closest(':disabled, [data-disabled], [aria-disabled="true"]') !== null;
  }
  function visible(el) {
    return el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && !clipped(el);
  }
  // The first box of a text node with an area, on the page (not pushed off it), or null.
  function textRect(node) {
    var range = document.createRange();
    range.selectNodeContents(node);
    var list = range.getClientRects();
    for (var i = 0; i < list.length; i++) {
      var r = list[i];
      if (r.width >= 1 && r.height >= 1 && r.right + scrollX > 0 && r.bottom + scrollY > 0) return r;
    }
    return null;
  }
  function describe(el) {
    var names = (typeof el.className === 'string' ? el.className : '').split(/\\s+/)
      .filter(function (c) { return c.indexOf('mantine-') === 0; }).slice(0, 2);
    var role = el.getAttribute('role');
    return el.tagName.toLowerCase() + (role ? '[role=' + role + ']' : '') + names.map(function (n) { return '.' + n; }).join('');
  }
  /**
   * The contrast of an element's text (its colour, or the given one) at the point of the box,
   * or null when it has no measurable background or is not seen.
   */
  function measure(el, box, kind, colorValue) {
    var s = style(el);
    var c = parse(colorValue || (el instanceof SVGElement ? s.fill : s.color));
    var alpha = c ? c[3] * opacity(el) : 1;
    if (alpha === 0) return null;
    var base = painted(el);
    if (base.image) return null;
    var bg = base.color;
    var x = box.left + box.width / 2, y = box.top + box.height / 2;
    for (var i = 0; i < layers.length; i++) {
      var layer = layers[i].el;
      var r = rectOf(layer);
      if (x < r.left || x > r.right || y < r.top || y > r.bottom || r.width < 1 || r.height < 1) continue;
      if (layer === el || layer.contains(el) || el.contains(layer) || !layer.isConnected) continue;
      if (!layer.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      // Drawn after the text: it covers it (an overlay, a toast), so the text is not seen.
      if (layer.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING) return null;
      if (base.provider && !base.provider.contains(layer)) continue;
      if (layers[i].image) return null;
      var lb = parse(style(layer).backgroundColor);
      if (lb) bg = over([lb[0], lb[1], lb[2], lb[3] * opacity(layer)], bg);
    }
    var text = (el.value || el.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 40);
    if (!c) return { kind: kind, what: describe(el), text: text, color: String(colorValue || s.color), background: rgb(bg), ratio: 0, min: 4.5 };
    var fg = over([c[0], c[1], c[2], alpha], bg);
    var l = [luminance(fg), luminance(bg)].sort(function (a, b) { return b - a; });
    var size = parseFloat(s.fontSize), weight = parseFloat(s.fontWeight) || 400;
    return {
      kind: kind,
      what: describe(el),
      text: text,
      color: rgb(fg),
      background: rgb(bg),
      ratio: Math.round(((l[0] + 0.05) / (l[1] + 0.05)) * 100) / 100,
      min: size >= 24 || (size >= 18.66 && weight >= 700) ? 3 : 4.5,
    };
  }
  // Every element holding visible text under the root, once each, measured.
  function textsUnder(root, kind, out) {
    var walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    var done = new Set();
    for (var t = walker.nextNode(); t; t = walker.nextNode()) {
      var el = t.parentElement;
      if (!el || done.has(el) || !t.nodeValue.trim()) continue;
      if (SKIPPED_TAGS[el.tagName] || el.closest('select, option')) continue;
      var box = textRect(t);
      if (!box || disabled(el) || !visible(el)) continue;
      done.add(el);
      var f = measure(el, box, kind);
      if (f) out.push(f);
    }
    return out;
  }
  // The typed text of fields, or their placeholder when empty.
  function fields(out) {
    document.querySelectorAll('input, textarea, select').forEach(function (el) {
      var type = (el.getAttribute('type') || 'text').toLowerCase();
      if (/^(checkbox|radio|hidden|file|range|color|image|submit|button|reset)$/.test(type)) return;
      if (disabled(el) || !visible(el)) return;
      var box = el.getBoundingClientRect();
      if (box.width < 2 || box.height < 2) return;
      var empty = el.tagName !== 'SELECT' && el.value === '';
      if (empty && !el.placeholder) return;
      var f = empty
        ? measure(el, box, 'placeholder', getComputedStyle(el, '::placeholder').color)
        : measure(el, box, 'field');
      if (f) {
        if (empty) f.text = el.placeholder.slice(0, 40);
        out.push(f);
      }
    });
  }
  function signature(el, f) {
    var p = painted(el).provider;
    return [el.tagName, el.className, el.getAttribute('style'), el.getAttribute('data-variant'),
      el.hasAttribute('data-active'), el.hasAttribute('data-checked'), el.getAttribute('aria-current'),
      el.getAttribute('aria-selected'), el.getAttribute('aria-pressed'), f.color, f.background,
      p ? p.className : ''].join('|');
  }
  function finishTransitions() {
    document.getAnimations().forEach(function (a) {
      var timing = a.effect && a.effect.getComputedTiming();
      if (timing && timing.endTime !== Infinity && a.playState === 'running') a.finish();
    });
  }

  return {
    // Every visible text of the page at rest, and the controls to hover (one per look).
    sweep: function () {
      reset();
      window.scrollTo(0, 0);
      finishTransitions();
      layers = collectLayers();
      var measured = textsUnder(document.body, 'text', []);
      fields(measured);
      controls = [];
      var looks = [];
      document.querySelectorAll(CONTROLS).forEach(function (el) {
        if (disabled(el) || !visible(el)) return;
        var own = textsUnder(el, 'hover', []);
        if (!own.length) return;
        looks.push({ i: controls.length, signature: signature(el, own[0]) });
        controls.push(el);
      });
      // Only the texts under their contrast travel back: a grid page has thousands.
      var low = measured.filter(function (f) { return f.ratio < f.min; });
      return { low: low, texts: measured.length, controls: looks };
    },
    // The point to move the pointer to so that it is over the control (scrolled to), or null
    // when something else is drawn there.
    aim: function (i) {
      var el = controls[i];
      if (!el || !el.isConnected) return null;
      var r = el.getBoundingClientRect();
      if (r.top < 0 || r.bottom > innerHeight || r.left < 0 || r.right > innerWidth) {
        el.scrollIntoView({ block: 'center', inline: 'nearest' });
        r = el.getBoundingClientRect();
      }
      var x = r.left + r.width / 2, y = r.top + r.height / 2;
      var top = document.elementFromPoint(x, y);
      return top && (top === el || el.contains(top)) ? { x: x, y: y } : null;
    },
    // The texts of the control under the pointer (its transitions run to their end first).
    hovered: function (i) {
      finishTransitions();
      reset();
      var own = controls[i] && controls[i].isConnected ? textsUnder(controls[i], 'hover', []) : [];
      return own.filter(function (f) { return f.ratio < f.min; });
    },
    // The answers shown in the form fields inside the elements matching the scope, disabled ones
    // too: in a read-only preview the answers are the content, not inactive controls.
    answers: function (scope) {
      reset();
      layers = collectLayers();
      var out = [];
      document.querySelectorAll(scope).forEach(function (root) {
        root.querySelectorAll('input, textarea, select').forEach(function (el) {
          var type = (el.getAttribute('type') || 'text').toLowerCase();
          if (/^(checkbox|radio|hidden)$/.test(type) || !visible(el)) return;
          var text = el.tagName === 'SELECT' ? (el.selectedOptions[0] ? el.selectedOptions[0].text : '') : el.value;
          var box = el.getBoundingClientRect();
          if (!text.trim() || box.width < 2 || box.height < 2) return;
          var f = measure(el, box, 'answer');
          if (!f) return;
          var label = el.labels && el.labels[0] ? el.labels[0].textContent.trim() : el.getAttribute('aria-label') || '';
          out.push(Object.assign(f, { what: label.slice(0, 60), text: text.slice(0, 40), disabled: el.disabled }));
        });
      });
      return out;
    },
    // The first text of each element matching the selectors (the controls that show a state).
    states: function (selectors) {
      reset();
      layers = collectLayers();
      var seen = new Set(), out = [];
      selectors.forEach(function (selector) {
        document.querySelectorAll(selector).forEach(function (el) {
          if (seen.has(el)) return;
          seen.add(el);
          if (disabled(el) || el.querySelector(':disabled, [data-disabled]')) return;
          var own = textsUnder(el, selector, []);
          if (own.length) out.push(Object.assign(own[0], { what: selector }));
        });
      });
      return out;
    },
  };
}`;

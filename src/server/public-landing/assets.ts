/**
 * The landing page's stylesheet and script; both are sent inline under the response's CSP nonce. Error
 * lines keep their height when empty: a field check answering while the visitor presses the button must
 * not move the button away from under the pointer (the click is lost).
 */
export const LANDING_CSS = `
*{box-sizing:border-box}
body{margin:0;font:17px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2330;background:#f6f7fb}
main{max-width:760px;margin:0 auto;padding:32px 20px 64px;background:#fff;min-height:100vh}
h1,h2,h3{line-height:1.2;margin:1.2em 0 .5em}h1{font-size:2.2rem}h2{font-size:1.6rem}h3{font-size:1.3rem}
a{color:#2f55d4}img,video{max-width:100%;height:auto;border-radius:8px;display:block}
figure{margin:24px 0}figcaption{color:#5b6475;font-size:.9rem;margin-top:6px}
.embed{position:relative;padding-top:56.25%}.embed iframe{position:absolute;inset:0;width:100%;height:100%;border:0;border-radius:8px}
.btn{display:inline-block;padding:12px 28px;border-radius:8px;background:#2f55d4;color:#fff;text-decoration:none;font-weight:600}
.btn:focus-visible,button:focus-visible,input:focus-visible{outline:3px solid #f5a623;outline-offset:2px}
.countdown{margin:24px 0;padding:16px;border-radius:8px;background:#eef2ff;text-align:center}
.countdown-title{margin:0 0 4px;font-weight:600}.timer{margin:0;font-size:1.8rem;font-variant-numeric:tabular-nums}
.lead-form{margin:32px 0;padding:20px;border:1px solid #dde1ea;border-radius:12px;background:#fafbff}
.field{margin-bottom:8px}label{display:block;font-weight:600;margin-bottom:4px}
input{width:100%;padding:10px 12px;font:inherit;border:1px solid #b9c0cf;border-radius:8px;background:#fff}
input[aria-invalid=true]{border-color:#c62828}
.err{color:#c62828;margin:4px 0 0;font-size:.9rem;line-height:1.3;min-height:1.3em}
.ok{color:#1b5e20;font-weight:600;font-size:1.1rem}
button{padding:12px 28px;font:inherit;font-weight:600;border:0;border-radius:8px;background:#2f55d4;color:#fff;cursor:pointer}
button[disabled]{opacity:.6}
@media (max-width:480px){main{padding:20px 16px 48px}h1{font-size:1.8rem}button{width:100%}}
`;

/**
 * Progressive enhancement of a page that works without it: email and phone are checked as the visitor
 * leaves the field (landings/validate_email/, validate_phone/, with the landing's name and the page's
 * form token from the form's hidden input; a check still out when the form is sent is ignored, so the
 * signup's answer stands), the form posts JSON to the signup call (the token among
 * its inputs, and the browser's time zone, put in the hidden time_zone input on load) and shows the answer in place, and countdowns tick. Texts come from the server, set with
 * textContent.
 */
export const LANDING_JS = `(function(){
var form=document.getElementById('form');
function show(name,msg){var e=document.getElementById('e-'+name);var i=document.getElementById('f-'+name);
if(e)e.textContent=msg||'';if(i){if(msg)i.setAttribute('aria-invalid','true');else i.removeAttribute('aria-invalid');}}
function post(url,body,lang){return fetch(url,{method:'POST',headers:{'content-type':'application/json','accept-language':lang},body:JSON.stringify(body)})
.then(function(r){return r.json().catch(function(){return {};}).then(function(j){return {status:r.status,body:j};});});}
function firstOf(v){return Array.isArray(v)?v[0]:(v&&v.detail)||'';}
if(form&&form.tagName==='FORM'){var lang=form.getAttribute('data-lang')||'ru';var name=form.getAttribute('data-landing');
var tok=form.querySelector('input[name=form_token]');var seq=0;
var tz=form.querySelector('input[name=time_zone]');try{if(tz)tz.value=Intl.DateTimeFormat().resolvedOptions().timeZone||'';}catch(e){}
['email','phone'].forEach(function(f){var i=document.getElementById('f-'+f);if(!i)return;
i.addEventListener('blur',function(){if(!i.value.trim()){show(f,'');return;}var b={landing_name:name,form_token:tok?tok.value:''};b[f]=i.value.trim();var my=++seq;
post('/api/landings/validate_'+f+'/',b,lang).then(function(r){if(my!==seq)return;if(r.status===403){show('non_field_errors',firstOf(r.body));return;}
show(f,r.status===200?'':firstOf(r.body[f]));}).catch(function(){});});});
form.addEventListener('submit',function(ev){ev.preventDefault();seq++;var body={};var btn=form.querySelector('button');
Array.prototype.forEach.call(form.querySelectorAll('input'),function(i){body[i.name]=i.value;show(i.name,'');});show('non_field_errors','');
btn.disabled=true;post('/api/landings/'+encodeURIComponent(name)+'/signup/',body,lang).then(function(r){btn.disabled=false;
if(r.status===201){var p=document.createElement('p');p.className='ok';p.setAttribute('role','status');p.textContent=r.body.detail||'';
var s=document.createElement('section');s.id='form';s.className='lead-form';s.appendChild(p);form.replaceWith(s);return;}
if(r.status===400){Object.keys(r.body).forEach(function(k){show(document.getElementById('e-'+k)?k:'non_field_errors',firstOf(r.body[k]));});return;}
show('non_field_errors',firstOf(r.body));}).catch(function(){btn.disabled=false;form.submit();});});}
var cds=document.querySelectorAll('.countdown');function tick(){Array.prototype.forEach.call(cds,function(c){
var left=Math.floor((Date.parse(c.getAttribute('data-target'))-Date.now())/1000);var t=c.querySelector('.timer');var u=(c.getAttribute('data-units')||'').split('|');
if(left<=0){t.textContent=c.getAttribute('data-expired')||'';return;}
var p=[Math.floor(left/86400),Math.floor(left/3600)%24,Math.floor(left/60)%60,left%60];
t.textContent=p.map(function(n,i){return n+' '+(u[i]||'');}).join(' ');});}
if(cds.length){tick();setInterval(tick,1000);}
})();`;
